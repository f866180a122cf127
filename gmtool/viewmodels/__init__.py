"""Qt adapters: expose core state to widgets and turn user intents into core commands.

View models hold no rules: every figure they show comes from the core.
"""
