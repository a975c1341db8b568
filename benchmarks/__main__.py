"""``python -m benchmarks``: run every comparison (see ``benchmarks.run``)."""

import sys

from benchmarks.run import main

sys.exit(main())
