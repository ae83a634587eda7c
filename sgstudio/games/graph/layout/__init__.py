"""Where the vertices go (layered layout; big graphs), Qt-free."""
