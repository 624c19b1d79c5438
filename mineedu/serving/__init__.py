"""The class server behind ``mineedu serve``: Voilà for a whole class (started by :mod:`mineedu.launch`).

:mod:`.app` (the server), :mod:`.handlers` (one browser per kernel, polite
refusals), :mod:`.kernels` (owners, limits, the websocket filter),
:mod:`.policy` (the limits' bookkeeping), :mod:`.texts` (what it says, in
French and English) and ``share/voila/templates/mineedu`` (the page template
and its guard). See ``docs/serving.md``.
"""
