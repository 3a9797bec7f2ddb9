#!/bin/sh
# Copies the e2e run's screenshots (test-results/screenshots/<name>-<w>x<h>.png) into docs/screenshots
# as kiosk-<name>-landscape.png / -portrait.png (cashier-* names keep theirs, by phone/tablet size;
# the /me/ page's me-<name>-phone.png and the office's office-<name>-laptop.png / -phone.png as they are).
set -e
cd "$(dirname "$0")/.."
for file in test-results/screenshots/*.png; do
  [ -e "$file" ] || exit 0
  base=$(basename "$file" .png)
  case "$base" in
    me-*-phone | office-*-laptop | office-*-phone) cp "$file" "docs/screenshots/$base.png"; continue ;;
  esac
  name=${base%-*}
  size=${base##*-}
  case "$name" in
    cashier-*) target="$name" ;;
    kiosk-*) target="$name" ;;
    *) target="kiosk-$name" ;;
  esac
  case "$size" in
    1280x800) cp "$file" "docs/screenshots/$target-landscape.png" ;;
    800x1280) cp "$file" "docs/screenshots/$target-portrait.png" ;;
    phone | tablet) cp "$file" "docs/screenshots/$base.png" ;;
  esac
done
