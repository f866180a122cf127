"""``python -m gmtool`` starts the GUI."""

from __future__ import annotations

from gmtool.startup.launch import main

raise SystemExit(main())
