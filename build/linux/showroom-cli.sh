#!/bin/sh
# `showroom` on the PATH (the deb links /usr/bin/showroom here): the command line of the installed
# Showroom, run by Node.js from the app's unpacked resources. The desktop app itself is started from
# the applications menu (or /usr/bin/showroom-desktop).
here=$(dirname "$(readlink -f "$0")")
if ! command -v node >/dev/null 2>&1; then
  echo "showroom: the command line needs Node.js 22.12 or newer, and none is installed (https://nodejs.org). The desktop app does not need it." >&2
  exit 1
fi
exec node "$here/../app.asar.unpacked/bin/showroom.mjs" "$@"
