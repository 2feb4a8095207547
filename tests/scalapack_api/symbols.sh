#!/usr/bin/env bash
# Symbols of the shared libraries (install_dropin_symbols): what LD_PRELOAD and the dynamic
# linker see.
#   bash tests/scalapack_api/symbols.sh <librmala_scalapack.so> <librmala.so>
# Checks:
#   - librmala_scalapack.so exports, for every routine it serves (every p[sdcz]*_ it defines,
#     at least P?GEMM, P?GETRF, P?GETRS in s, d, c, z), the four Fortran names (pdgemm_, pdgemm,
#     PDGEMM, PDGEMM_), and nothing else;
#   - neither library defines or needs a GA or ARMCI symbol, nor a GA/ARMCI library;
#   - both carry a SONAME lib<name>.so.<major>.
set -euo pipefail
dropin=${1:?usage: symbols.sh <librmala_scalapack.so> <librmala.so>}
core=${2:?usage: symbols.sh <librmala_scalapack.so> <librmala.so>}
status=0
fail() { echo "FAILED: $*" >&2; status=1; }

exported=$(nm -D --defined-only "$dropin" | awk '{ print $NF }' | sort -u)
routines=$(grep -E '^p[sdcz][a-z0-9]+_$' <<< "$exported" | sed 's/_$//' || true)
for r in p{s,d,c,z}{gemm,getrf,getrs}; do
  grep -qx "$r" <<< "$routines" || fail "$dropin does not serve ${r}_"
done
expected=""
for r in $routines; do
  R=$(tr '[:lower:]' '[:upper:]' <<< "$r")
  for name in "${r}_" "$r" "$R" "${R}_"; do
    grep -qx -- "$name" <<< "$exported" || fail "$dropin: $r lacks the name $name"
    expected+="$name"$'\n'
  done
done
extra=$(comm -23 <(echo "$exported") <(printf '%s' "$expected" | sort -u) | tr '\n' ' ')
[ -z "${extra// /}" ] || fail "$dropin exports more than the Fortran names: $extra"
echo "== $dropin: $(wc -w <<< "$routines") routines, four names each"

ga_re='^(N?GA_|NGA_|P?ARMCI|armci_|ga_|pnga_|gai_|_ga_|GA[A-Z]*_)'
for lib in "$dropin" "$core"; do
  bad=$(nm -D "$lib" | awk '{ print $NF }' | grep -E "$ga_re" | head -5 | tr '\n' ' ' || true)
  [ -z "$bad" ] || fail "$lib has GA/ARMCI symbols: $bad"
  needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  case " $needed" in *" libga"* | *" libarmci"*) fail "$lib needs $needed" ;; esac
  soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  base=$(basename "$lib" | sed 's/\.so.*//')
  [[ "$soname" =~ ^$base\.so\.[0-9]+$ ]] || fail "$lib: SONAME '$soname', want $base.so.<major>"
  echo "== $lib: SONAME $soname, no GA/ARMCI symbol; needs $needed"
done
[ "$status" = 0 ] && echo "PASSED: symbols of the shared libraries"
exit "$status"
