#!/usr/bin/env bash
# Install (or report) the Debian packages rmala needs. Safe to run repeatedly.
#   bash scripts/deps.sh        or        source scripts/deps.sh  (defines rmala_deps and runs it)
# As root with apt-get: installs what is missing. Otherwise prints the sudo apt-get line and goes on
# when the essential tools (cmake, mpicc, mpiexec, ga-config or ga.h, pkg-config) are present.

RMALA_DEB_PACKAGES="libglobalarrays-dev libarmci-mpi-dev libopenmpi-dev openmpi-bin \
libscalapack-openmpi-dev libopenblas-dev liblapacke-dev gfortran cmake pkg-config gnuplot-nox"

rmala_deps() {
  local missing=() p
  if command -v dpkg-query > /dev/null 2>&1; then
    for p in $RMALA_DEB_PACKAGES; do
      if ! dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q "install ok installed"; then
        missing+=("$p")
      fi
    done
  else
    echo "deps: no dpkg-query (not Debian?); checking tools only" >&2
  fi

  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null 2>&1; then
      echo "deps: installing ${missing[*]}"
      apt-get update || return 1
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" \
        || return 1
    else
      echo "deps: missing packages: ${missing[*]}" >&2
      echo "deps: install them with:" >&2
      echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    fi
  else
    echo "deps: all packages present"
  fi

  # Go on when the tools are there (e.g. a non-Debian system with its own installs).
  local tool bad=0
  for tool in cmake mpicc mpiexec pkg-config; do
    if ! command -v "$tool" > /dev/null 2>&1; then
      echo "deps: required tool '$tool' not found" >&2
      bad=1
    fi
  done
  if ! command -v ga-config > /dev/null 2>&1 && [ ! -f /usr/include/ga.h ] \
     && [ -z "${GA_ROOT:-}" ]; then
    echo "deps: Global Arrays not found (no ga-config, no /usr/include/ga.h, GA_ROOT unset)" >&2
    bad=1
  fi
  return $bad
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  rmala_deps
else
  rmala_deps
fi
