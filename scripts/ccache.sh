# Sourced by scripts/build.sh and scripts/build-static.sh: sets
# ferric_launcher to the cmake arguments that compile through ccache when it
# is installed (and FERRIC_CCACHE is not 0), and makes ccache hash paths
# relative to the checkout, so that the shared and the static build share
# their compiles.
ferric_launcher=()
if [ "${FERRIC_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
  ferric_launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache
                   -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
fi
