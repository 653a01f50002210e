"""``python -m nodereg`` is the same program as the ``nodereg`` console script."""

from nodereg.cli import main

main()
