"""Tamper with a schedule cache in a test: every entry of the folder argv[1]
gets the regular expression argv[2] replaced by argv[3] (exactly one entry
expected)."""

import re
import sys
from pathlib import Path

entries = sorted(Path(sys.argv[1]).glob("*.mlir"))
if len(entries) != 1:
    sys.exit(f"expected one cache entry in {sys.argv[1]}, found {len(entries)}")
text = entries[0].read_text()
edited = re.sub(sys.argv[2], sys.argv[3], text, count=0 if sys.argv[2] != "(?s).*" else 1)
if edited == text:
    sys.exit("the edit changed nothing")
entries[0].write_text(edited)
