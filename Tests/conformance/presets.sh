#!/usr/bin/env bash
# `reorder sort --preset` on the real package.json, Cargo.toml and
# pyproject.toml files of ../shared/thirdparty/realworld*/, side by side with
# pyproject-fmt and requirements-txt-fixer (which must be on PATH); see
# presets.py beside this file for what is checked.
#
#   Tests/conformance/presets.sh   # REORDER=path/to/reorder to choose the binary
set -euo pipefail
exec python3 "$(dirname "$0")/presets.py" "$@"
