#!/usr/bin/env bash
# Install the peer checkers nodereg is measured against: SPIN (Debian package `spin`, with gcc to
# compile pan.c) and Quint (npm `@informalsystems/quint`, locally in benchmarks/quint/).
# Idempotent: what is already there is not installed again. A peer that cannot be installed is
# reported and skipped (exit 0): the benchmark then records null with the reason.
set -u
here="$(cd "$(dirname "$0")" && pwd)"

if command -v spin >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then
  echo "install_peers: spin present ($(command -v spin))"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "install_peers: installing spin and gcc with apt-get"
  (apt-get -o DPkg::Lock::Timeout=300 update -qq && DEBIAN_FRONTEND=noninteractive \
     apt-get -o DPkg::Lock::Timeout=300 install -y -qq spin gcc >/dev/null) \
    || echo "install_peers: warning: spin could not be installed; SPIN columns will be null"
else
  echo "install_peers: warning: no spin and no root apt-get; SPIN columns will be null"
fi

quint="$here/quint/node_modules/.bin/quint"
if [ -x "$quint" ] && "$quint" --version >/dev/null 2>&1; then
  echo "install_peers: quint present ($("$quint" --version))"
elif command -v npm >/dev/null 2>&1; then
  echo "install_peers: installing @informalsystems/quint with npm in benchmarks/quint"
  # package.json pins antlr4ts through "overrides": without it every quint command crashes
  (cd "$here/quint" && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error;
   else npm install --no-audit --no-fund --loglevel=error; fi) \
    || echo "install_peers: warning: quint could not be installed; Quint columns will be null"
  "$quint" --version >/dev/null 2>&1 || echo "install_peers: warning: quint does not run after install"
else
  echo "install_peers: warning: no npm; Quint columns will be null"
fi
exit 0
