"""The whole suite: no test writes in the user's real data folder (autosaves, Ctrl+S)."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("TACTICAL_TABLE_DATA", tempfile.mkdtemp(prefix="tactical-table-data-"))
