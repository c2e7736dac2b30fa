# The cleave package: cleave::cleave_rt, the runtime that the programs
# `cleave parallelize` writes link, and the libraries it links in turn.
include(CMakeFindDependencyMacro)
set(THREADS_PREFER_PTHREAD_FLAG ON)
find_dependency(Threads)
find_dependency(PkgConfig)
if(NOT TARGET PkgConfig::TIRPC)
  pkg_check_modules(TIRPC REQUIRED IMPORTED_TARGET libtirpc)
endif()
include("${CMAKE_CURRENT_LIST_DIR}/cleaveTargets.cmake")
