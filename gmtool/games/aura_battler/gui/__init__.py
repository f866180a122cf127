"""The Aura Battler duel's window parts (Qt): the allocation and attack panels, the docks and actions."""
