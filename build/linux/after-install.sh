#!/bin/bash
# The deb's post-install script (electron-builder fills in ${…}). electron-builder's own script
# links /usr/bin/${executable} to the desktop app; ours links it to the command line, links the
# desktop app as /usr/bin/${executable}-desktop, and keeps its sandbox and AppArmor steps as they are.

ln -sf '/opt/${sanitizedProductName}/resources/bin/showroom' '/usr/bin/${executable}'
ln -sf '/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}-desktop'
chmod 0755 '/opt/${sanitizedProductName}/resources/bin/showroom' || true

# Chromium's sandbox: user namespaces where the kernel allows them, else the SUID helper.
if ! { [[ -L /proc/self/ns/user ]] && unshare --user true; }; then
    chmod 4755 '/opt/${sanitizedProductName}/chrome-sandbox' || true
else
    chmod 0755 '/opt/${sanitizedProductName}/chrome-sandbox' || true
fi

if hash update-desktop-database 2>/dev/null; then
    update-desktop-database /usr/share/applications || true
fi

# Ubuntu 24.04+ forbids unprivileged user namespaces unless an AppArmor profile allows them for the
# binary: install the profile electron-builder ships in resources/apparmor-profile (abi 4.0; skipped
# where AppArmor cannot parse it, e.g. Ubuntu 22.04, which needs none). See docs/linux-sandbox.md.
if apparmor_status --enabled > /dev/null 2>&1; then
  APPARMOR_PROFILE_SOURCE='/opt/${sanitizedProductName}/resources/apparmor-profile'
  APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'
  if apparmor_parser --skip-kernel-load --debug "$APPARMOR_PROFILE_SOURCE" > /dev/null 2>&1; then
    cp -f "$APPARMOR_PROFILE_SOURCE" "$APPARMOR_PROFILE_TARGET"
    if ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
      apparmor_parser --replace --write-cache --skip-read-cache "$APPARMOR_PROFILE_TARGET"
    fi
  else
    echo "Skipping the installation of the AppArmor profile as this version of AppArmor does not support it"
  fi
fi
