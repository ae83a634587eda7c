"""The Qt-free core: games, values and the editable game model.

Nothing below this package imports Qt; a test checks it in a fresh interpreter.
"""
