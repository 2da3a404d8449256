#!/usr/bin/env bash
# Installs the Debian packages Proofroom needs outside node_modules. Idempotent: a package whose
# binary is already present is skipped, and apt-get runs (with one `apt-get update`) only when
# something is missing. Run as root (or with sudo available).
set -euo pipefail

# "binary-that-proves-it-is-installed:debian-package". Later issues add their converters here:
#   /usr/bin/soffice:libreoffice-core /usr/bin/exiftool:libimage-exiftool-perl /usr/bin/pdftoppm:poppler-utils
PACKAGES=(
  "/usr/bin/chromium:chromium"
  "/usr/bin/pdftoppm:poppler-utils"
  "/usr/lib/libreoffice/program/soffice.bin:libreoffice-core"
  "/usr/bin/lowriter:libreoffice-writer"
  "/usr/bin/localc:libreoffice-calc"
  "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf:fonts-liberation2"
  "/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf:fonts-crosextra-carlito"
  "/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf:fonts-crosextra-caladea"
  "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf:fonts-dejavu-core"
  "/usr/bin/convert:imagemagick"
  "/usr/bin/dcraw_emu:libraw-bin"
)

missing=()
for entry in "${PACKAGES[@]}"; do
  binary=${entry%%:*}
  package=${entry#*:}
  if [ -e "$binary" ]; then
    echo "ok: $package ($binary present)"
  else
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "All system packages present."
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "Missing packages (${missing[*]}) and not root; run this script as root." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "Installing: ${missing[*]}"
"${SUDO[@]}" apt-get update -y
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${missing[@]}"
echo "Done."
