"""numba's cache goes to the user's cache folder, not the installed package (issue 29, item 9)."""

from __future__ import annotations

import os
import subprocess
import sys


def test_numba_caches_in_the_users_cache_folder(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    code = ("import sgstudio, numba, os; print(numba.config.CACHE_DIR); "
            "from sgstudio.core.patterns import kernels; import numpy as np; "
            "kernels.kernel('borders', 10**6)(np.arange(5)); "
            "print(sorted(os.listdir(numba.config.CACHE_DIR)))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                         check=True).stdout.splitlines()
    assert out[0] == str(tmp_path / "sgstudio" / "numba")
    assert out[1] != "[]"  # the kernel's cache files are there


def test_a_cache_folder_the_user_chose_is_kept(tmp_path):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "mine")}
    out = subprocess.run([sys.executable, "-c", "import sgstudio, os; print(os.environ['NUMBA_CACHE_DIR'])"],
                         env=env, capture_output=True, text=True, timeout=60, check=True).stdout.strip()
    assert out == str(tmp_path / "mine")
