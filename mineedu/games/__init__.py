"""One subpackage per game; each registers itself with ``mineedu.core.register``.

A game's modules compiled by ``tools/compile_native.py`` are imported only while built from their
sources as they are (:mod:`mineedu.core.native`): the guard goes in before any game module loads.
"""

from mineedu.core import native

native.install()
