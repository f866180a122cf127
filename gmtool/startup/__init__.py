"""The first second: how gmtool starts (the entry point and what it does before the first paint).

- :mod:`~gmtool.startup.launch`: the entry point (``gmtool``, ``python -m gmtool``).
- :mod:`~gmtool.startup.collector`: the cyclic garbage collector paused until the first paint.
- :mod:`~gmtool.startup.lean_pydantic`: pydantic imported without ``importlib.metadata`` and OpenSSL.
- :mod:`~gmtool.startup.pydantic_plugins`: pydantic's plugins found by gmtool's own entry-point reader.

Nothing here knows a game or the window's parts; :mod:`gmtool.app` builds the window.
"""
