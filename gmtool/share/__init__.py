"""Sharing the player view with the players' own phones and tablets over the table's network.

A read-only web page served by gmtool itself (no thread, no internet: Qt's event loop), fed by the same
model as the local player view (:class:`~gmtool.viewmodels.player_view_model.PlayerViewModel`). Nothing
here is imported until the GM opens View → Share with players…; no module here names a game.
"""
