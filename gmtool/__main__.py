"""``python -m gmtool`` starts the GUI."""

from __future__ import annotations

from gmtool.launch import main

raise SystemExit(main())
