#!/usr/bin/env bash
# Installs what Sandpiper needs on Debian 12: the system packages (only those missing), then the
# npm dependencies. Safe to run again; it does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(chromium xvfb xdotool x11-apps tesseract-ocr tesseract-ocr-eng fonts-dejavu-core fonts-liberation
  openbox dbus-daemon at-spi2-core python3-pyatspi python3-tk libreoffice-calc libreoffice-writer libreoffice-gtk3)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done

if ((${#missing[@]} > 0)); then
  echo "sandpiper setup: installing Debian packages: ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "sandpiper setup: Debian packages already installed"
fi

# npm ci when the lock file matches and node_modules is absent or stale; it never downloads a browser.
marker=node_modules/.sandpiper-installed
if [[ ! -f $marker || package-lock.json -nt $marker ]]; then
  echo "sandpiper setup: installing npm dependencies (better-sqlite3 compiles from source, about a minute)"
  npm ci --no-audit --no-fund --loglevel=error
  touch "$marker"
else
  echo "sandpiper setup: npm dependencies already installed"
fi

# The web UI served by "sandpiper serve": built with Vite when missing or older than its sources.
web_index=packages/web/dist/index.html
if [[ ! -f $web_index ]] || [[ -n $(find packages/web/src packages/web/index.html packages/web/vite.config.ts -newer "$web_index" -print -quit 2>/dev/null) ]]; then
  echo "sandpiper setup: building the web UI"
  npm run build:web --silent >/dev/null
else
  echo "sandpiper setup: web UI already built"
fi

# The test bed pages (packages/testbed): built with Vite when missing or older than their sources.
testbed_index=packages/testbed/dist/index.html
if [[ ! -f $testbed_index ]] || [[ -n $(find packages/testbed/pages packages/testbed/src/fixtures packages/testbed/src/catalog.ts -newer "$testbed_index" -print -quit 2>/dev/null) ]]; then
  echo "sandpiper setup: building the test bed pages"
  npm run build -w @sandpiper/testbed --silent >/dev/null
else
  echo "sandpiper setup: test bed pages already built"
fi
