"""The rules core: pure Python, never imports Qt (a test proves it)."""
