#!/usr/bin/env bash
# Install (or report) the Debian packages rmala needs. Safe to run repeatedly.
#   bash scripts/deps.sh [flavour...]      or      source scripts/deps.sh  (defines rmala_deps, runs it)
# Flavours (MPI stacks): openmpi, mpich, or all (= both); simgrid (SimGrid's SMPI: smpicc,
# smpirun for the simulation build, scripts/simulate.sh) only when named, never in all. Without arguments (and always when
# sourced) they come from RMALA_MPI_FLAVOR: one or several names, separated by spaces or commas;
# default openmpi. E.g. RMALA_MPI_FLAVOR=mpich bash scripts/deps.sh, or bash scripts/deps.sh all.
# Each flavour brings its MPI, its ScaLAPACK and (through libglobalarrays-dev/libarmci-mpi-dev,
# which ship both) its GA/ARMCI archives: ga/<flavour>/bin/ga-config.
# As root with apt-get: installs what is missing. Otherwise prints the sudo apt-get line and goes on
# when the essential tools (cmake, pkg-config, mpicc/mpiexec of each flavour, GA) are present.

RMALA_DEB_COMMON="libglobalarrays-dev libarmci-mpi-dev libopenblas-dev liblapacke-dev libtmglib-dev \
gfortran cmake pkg-config gnuplot-nox"
RMALA_DEB_OPENMPI="libopenmpi-dev openmpi-bin libscalapack-openmpi-dev scalapack-mpi-test \
scalapack-test-common"
RMALA_DEB_MPICH="mpich libmpich-dev libscalapack-mpich-dev"
RMALA_DEB_SIMGRID="libsimgrid-dev"

# Print the flavour list (space-separated, no repeats) from the arguments or RMALA_MPI_FLAVOR.
rmala_deps_flavours() {
  local spec="$*" f out=""
  [ -n "$spec" ] || spec=${RMALA_MPI_FLAVOR:-openmpi}
  for f in ${spec//,/ }; do
    case "$f" in
      openmpi | mpich | simgrid) ;;
      all) f="openmpi mpich" ;;
      *)
        echo "deps: unknown MPI flavour '$f' (openmpi, mpich, all or simgrid)" >&2
        return 1
        ;;
    esac
    case " $out " in
      *" $f "*) ;;
      *) out="${out:+$out }$f" ;;
    esac
  done
  echo "$out"
}

rmala_deps() {
  local flavours f
  flavours=$(rmala_deps_flavours "$@") || return 1
  local packages="$RMALA_DEB_COMMON"
  for f in $flavours; do
    case "$f" in
      openmpi) packages="$packages $RMALA_DEB_OPENMPI" ;;
      mpich) packages="$packages $RMALA_DEB_MPICH" ;;
      simgrid) packages="$packages $RMALA_DEB_SIMGRID" ;;
    esac
  done
  echo "deps: MPI flavour(s): $flavours"

  local missing=() p
  if command -v dpkg-query > /dev/null 2>&1; then
    for p in $packages; do
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

  # Go on when the tools are there (e.g. a non-Debian system with its own installs). On Debian
  # each flavour has its own wrapper and launcher (mpicc.mpich, ...); elsewhere the plain names.
  local tool bad=0
  for tool in cmake pkg-config; do
    if ! command -v "$tool" > /dev/null 2>&1; then
      echo "deps: required tool '$tool' not found" >&2
      bad=1
    fi
  done
  for f in $flavours; do
    if [ "$f" = simgrid ]; then
      for tool in smpicc smpirun; do
        if ! command -v "$tool" > /dev/null 2>&1; then
          echo "deps: required tool '$tool' (libsimgrid-dev) not found" >&2
          bad=1
        fi
      done
      continue
    fi
    for tool in mpicc mpiexec; do
      if ! command -v "$tool.$f" > /dev/null 2>&1 && ! command -v "$tool" > /dev/null 2>&1; then
        echo "deps: required tool '$tool.$f' (or '$tool') not found" >&2
        bad=1
      fi
    done
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
  rmala_deps "$@"
else
  rmala_deps # sourced: the caller's positional parameters are not flavours; RMALA_MPI_FLAVOR is used
fi
