"""A made-up second game that lives outside gmtool: a two-coin duel (issue 14's proof of the plug-in protocol).

Each duelist has three coins. On your go you flip a coin: heads, your rival loses a coin; then
it is the rival's go. A duelist with no coins is out. Everything gmtool shows of it comes through
the registry, the manifest, the rules protocol and the window parts: gmtool names no coin.
"""
