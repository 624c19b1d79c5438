# The sources in src/ are notebooks in the "percent" format, rendered by tools/explore_notebooks.py:
# pytest runs their rendered notebooks (fr/, en/) under nbval, and must not import the sources as modules.
collect_ignore = ["src"]
