# Sourced by the install tests (tests/install/run.sh, tests/scalapack_api/run.sh): the run
# environment they share and the installation of a built rmala tree into a scratch prefix.
#   scratch_install <build dir> <work dir> <cmake>   sets prefix (the install prefix) and pcdir
#                                                    (the directory holding rmala.pc)
export OPENBLAS_NUM_THREADS=${OPENBLAS_NUM_THREADS:-1}
if [ "$(id -u)" = 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

scratch_install() {
  local build_dir=$1 work_dir=$2 cmake_bin=$3
  rm -rf "$work_dir"
  mkdir -p "$work_dir"
  prefix=$work_dir/prefix
  echo "== install $build_dir -> $prefix"
  "$cmake_bin" --install "$build_dir" --prefix "$prefix" > "$work_dir/install.log"
  test -f "$prefix/include/rmala.h"
  pcdir=$(dirname "$(find "$prefix" -name rmala.pc | head -n 1)")
  test -f "$pcdir/rmala.pc"
}
