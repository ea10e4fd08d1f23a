#!/usr/bin/env bash
# Runs headless Neovim (0.7 or later, no user configuration) as an LSP client of
# `scoresheet lsp` on a Markdown chapter with one wrong move, and prints the diagnostics it
# received. Exit 0 when diagnostics arrived, non-zero otherwise.
#
#   SCORESHEET=path/to/scoresheet  tests/clients/nvim-lsp.sh [FILE.md]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export SCORESHEET="${SCORESHEET:-scoresheet}"
export SCORESHEET_FILE="$(realpath "${1:-$here/chapter.md}")"
exec nvim --headless -u NONE -i NONE -n -c "luafile $here/nvim-lsp.lua" 2>&1
