#!/usr/bin/env bash
# Installs the Debian packages Proofroom needs outside node_modules. Idempotent: a package whose
# binary is already present is skipped, and apt-get runs (with one `apt-get update`) only when
# something is missing. Run as root (or with sudo available).
#
# --best-effort (used by `npm start`): installs what it may without asking for a password; what it
# cannot install is listed with the formats that will show a placeholder instead of a preview, and
# the app starts all the same.
set -euo pipefail

BEST_EFFORT=false
[ "${1:-}" = "--best-effort" ] && BEST_EFFORT=true

# What a missing package costs: the formats shown with a typed placeholder instead of a preview.
formats_without() {
  case "$1" in
    chromium) echo "none (the browser journeys of the tests need it)" ;;
    poppler-utils) echo "PDF, AI, and the pages of DOC, DOCX, XLS, XLSX" ;;
    libreoffice-*) echo "DOC, DOCX, XLS, XLSX" ;;
    fonts-*) echo "none (Office documents lay out with other fonts)" ;;
    imagemagick) echo "CMYK and Lab PSD/PSB" ;;
    libraw-bin) echo "camera RAW files without an embedded preview" ;;
    unzip | zip) echo "none (the tests read the app's zips with unzip; the zip benchmark compares with zip)" ;;
    util-linux) echo "none (converters run without their memory limit)" ;;
    ceph-mon | ceph-osd | radosgw) echo "none (the tests of the S3 path need it)" ;;
    *) echo "unknown" ;;
  esac
}

give_up() {
  echo "$1" >&2
  for package in "${missing[@]}"; do
    echo "  $package missing: previews of $(formats_without "$package")" >&2
  done
  if $BEST_EFFORT; then
    echo "Starting all the same; run 'sudo bash scripts/setup-system.sh' to install them." >&2
    exit 0
  fi
  exit 1
}

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
  # DejaVu Sans, regular and bold, is embedded in the PDF comment reports (any Unicode a comment holds).
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core"
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:fonts-dejavu-core"
  "/usr/bin/convert:imagemagick"
  "/usr/bin/dcraw_emu:libraw-bin"
  "/usr/bin/unzip:unzip"
  "/usr/bin/zip:zip"
  "/usr/bin/prlimit:util-linux"
  # The real S3-compatible server the tests of the S3 path start (scripts/s3-server.sh).
  "/usr/bin/ceph-mon:ceph-mon"
  "/usr/bin/ceph-osd:ceph-osd"
  "/usr/bin/radosgw:radosgw"
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
elif $BEST_EFFORT && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
elif ! $BEST_EFFORT && command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  give_up "Missing packages (${missing[*]}) and not root."
fi

echo "Installing: ${missing[*]}"
# It waits (up to 5 minutes) for another apt-get or dpkg, such as a new server's unattended upgrades.
if ! "${SUDO[@]}" bash "$(dirname "$0")/apt-install.sh" "${missing[@]}"; then
  give_up "apt-get could not install ${missing[*]}."
fi
echo "Done."

