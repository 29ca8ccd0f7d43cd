#!/usr/bin/env bash
# Renders build/icons/icon.svg into every size the packages need (the results are committed, so
# packaging needs none of these tools): build/icons/png/<N>x<N>.png (Linux, electron-builder's icon
# folder), icon.png (1024, the source electron-builder falls back to), icon.ico (Windows) and
# icon.icns (macOS).
# Debian/Ubuntu: apt-get install librsvg2-bin icoutils icnsutils
set -euo pipefail
cd "$(dirname "$0")/../build/icons"
mkdir -p png
for size in 16 24 32 48 64 128 256 512 1024; do
  rsvg-convert -w "$size" -h "$size" icon.svg -o "png/${size}x${size}.png"
done
cp png/1024x1024.png icon.png
icotool -c -o icon.ico png/16x16.png png/24x24.png png/32x32.png png/48x48.png png/64x64.png png/128x128.png png/256x256.png
png2icns icon.icns png/16x16.png png/32x32.png png/48x48.png png/128x128.png png/256x256.png png/512x512.png png/1024x1024.png
ls -l png icon.png icon.ico icon.icns
