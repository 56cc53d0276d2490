#!/usr/bin/env bash
# Install (or name) the Debian packages Copperplate needs: cairo for rendering and the
# pinned fonts every template uses. Fonts come from packages, never from the repository.
set -euo pipefail
need=()
dpkg -s libcairo2 >/dev/null 2>&1 || need+=(libcairo2)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need+=(fonts-dejavu-core)
dpkg -s fonts-dejavu-extra >/dev/null 2>&1 || need+=(fonts-dejavu-extra)
# the browser the report test opens its HTML in (driven by Playwright, never downloaded)
dpkg -s chromium >/dev/null 2>&1 || need+=(chromium)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing system packages: ${need[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "copperplate needs system packages: run 'sudo apt-get install ${need[*]}'" >&2
  exit 1
fi
