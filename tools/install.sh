# The install step `./dealer` and `./test` share (sourced by both, from the repository's root):
# a virtual environment (DEALER_VENV, default .venv; made with PYTHON, default python3, which
# must be Python 3.11 or newer) holding everything `requirements-dev.txt` pins, Dealer
# itself installed editable. pip runs only when the lock, pyproject.toml or setup.py changed
# since the environment's last install (their hash is kept in the environment). Sets
# DEALER_PYTHON, the environment's Python; exits 2 with one line when it cannot be made.
python=${PYTHON:-python3}
venv=${DEALER_VENV:-.venv}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "error: Dealer needs Python 3.11 or newer, and '$python' is $("$python" -V 2>&1 || echo 'not found'); set PYTHON to one (PYTHON=python3.11 $0)." >&2
    exit 2
fi
if [ ! -x "$venv/bin/python" ]; then
    echo "Making the virtual environment $venv with $("$python" -V 2>&1)." >&2
    if ! "$python" -m venv "$venv"; then
        rm -rf "$venv"
        echo "error: '$python -m venv' cannot make $venv (on Debian and Ubuntu, install the python3-venv package first)." >&2
        exit 2
    fi
fi
DEALER_PYTHON=$venv/bin/python
stamp=$venv/.dealer-installed
installed=$("$python" -c 'import hashlib, sys
digest = hashlib.sha256()
for name in sys.argv[1:]:
    with open(name, "rb") as file:
        digest.update(file.read())
print(digest.hexdigest())' requirements-dev.txt pyproject.toml setup.py)
if [ "$(cat "$stamp" 2>/dev/null)" != "$installed" ]; then
    echo "Installing Dealer and what requirements-dev.txt pins into $venv (again only when the lock changes)." >&2
    "$DEALER_PYTHON" -m pip install --disable-pip-version-check -q -r requirements-dev.txt -e ".[dev]"
    printf '%s\n' "$installed" >"$stamp"
fi
