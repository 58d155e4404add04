"""``python -m referee``: the same as the ``referee`` command."""

import sys

from referee.cli import main

sys.exit(main())
