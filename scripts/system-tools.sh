#!/usr/bin/env bash
# The system tools the tests need beyond npm's packages, each with the Debian package that brings
# it. One list for `npm test` (which stops at once with the command that installs what is
# missing) and `.ci/run` (which installs it: `scripts/system-tools.sh --install`).
set -euo pipefail

tools=(
  "/usr/bin/chromium-headless-shell chromium-headless-shell"  # browser tests (Playwright drives Debian's headless Chromium, decision 0160)
  "/usr/bin/chromium chromium"   # screenshots and Lighthouse (scripts/), and E2E_CHROMIUM=/usr/bin/chromium
  "pdftotext poppler-utils"      # PDFs read back in the API tests
  "pdftoppm poppler-utils"       # PDFs rendered to images in the API tests
  "pdfdetach poppler-utils"      # Factur-X: the XML embedded in a PDF read back in the API tests
  "xmllint libxml2-utils"        # Factur-X: the CII XML checked against the EN 16931 schema (decision 0139)
)

missing=()
for entry in "${tools[@]}"; do
  read -r tool package <<<"$entry"
  if ! command -v "$tool" >/dev/null 2>&1; then
    case " ${missing[*]-} " in *" $package "*) ;; *) missing+=("$package") ;; esac
  fi
done

[ ${#missing[@]} -eq 0 ] && exit 0

command_line="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "${1-}" = "--install" ]; then
  echo "Installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  exit 0
fi
echo "Missing system packages: ${missing[*]}" >&2
echo "Install them first (as root):" >&2
echo "  $command_line" >&2
exit 1
