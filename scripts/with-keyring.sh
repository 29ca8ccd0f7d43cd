#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring (Secret Service),
# so keytar talks to a real keychain on a headless machine or in CI. The keyring lives in a
# throw-away folder: nothing touches the user's own keychain.
#   scripts/with-keyring.sh npm test
set -euo pipefail
if [ $# -eq 0 ]; then echo "usage: $0 <command> [args...]" >&2; exit 2; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is missing (apt-get install dbus gnome-keyring)" >&2; exit 3; }
done
keyring_home=$(mktemp -d -t showroom-keyring-XXXXXX)
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home"
export SHOWROOM_KEYRING_SESSION=1
exec_inner='mkdir -p "$XDG_DATA_HOME/keyrings"
# A non-empty password creates and unlocks the "login" collection without a prompt.
echo showroom | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
exec "$@"'
# stderr goes through a filter (dbus-run-session's harmless fd-limit warning) in the same pipeline,
# so every line of it is out before this script returns: nothing may trail the caller's own output
# (CI prints its closing summary line right after).
set +e
{
  dbus-run-session -- bash -c "$exec_inner" with-keyring "$@" 2>&1 1>&3 3>&- | { grep --line-buffered -v "Failed to set fd limit" || true; } >&2
  status=${PIPESTATUS[0]}
} 3>&1
exit "$status"
