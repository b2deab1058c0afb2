# Sourced by scripts/build.sh and scripts/build-static.sh: sets
# ferric_launcher to the cmake arguments that compile through ccache when it
# is installed (and FERRIC_CCACHE is not 0), and makes ccache hash paths
# relative to the checkout, so that the shared and the static build share
# their compiles. The precompiled header (FERRIC_PCH, on by default) is
# cacheable only with the pch_defines and time_macros sloppinesses (ccache's
# manual, "Precompiled headers"; CMake includes it with -include, which
# ccache follows), and a header built in the same build is newer than the
# compiles that use it, hence include_file_mtime/ctime. The settings go into
# the launcher through env, so that a later plain `ninja -C build` has them.
ferric_launcher=()
if [ "${FERRIC_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
  ferric_ccache="env;CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}"
  ferric_ccache+=";CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime"
  ferric_ccache+=";ccache"
  ferric_launcher=("-DCMAKE_C_COMPILER_LAUNCHER=$ferric_ccache"
                   "-DCMAKE_CXX_COMPILER_LAUNCHER=$ferric_ccache")
fi
