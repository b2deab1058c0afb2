#===- check_error_contract.cmake - The runtime's stderr contract ---------===#
#
# cmake -DSMOKE=<cuda_runtime_smoke> [-DDRIVER=<library>] -P this-file
#
# Runs the smoke test (without a kernel, so that it provokes no error on
# purpose) and checks what the runtime prints:
#  * when CUDA is unavailable, stderr is exactly one line, the reason the
#    smoke test got from ferricCudaAvailable, which starts with the runtime's
#    prefix "ferric cuda runtime: ", however many mgpu* calls failed; with
#    DRIVER set (FERRIC_CUDA_DRIVER, a library that does not exist) that
#    reason must be "ferric cuda runtime: no CUDA driver found (DRIVER: ...)";
#  * when CUDA is available, stderr is empty.
#
#===----------------------------------------------------------------------===#

if(NOT SMOKE)
  message(FATAL_ERROR "set SMOKE to the cuda_runtime_smoke executable")
endif()

set(command ${SMOKE} --allow-missing)
if(DRIVER)
  set(command ${CMAKE_COMMAND} -E env FERRIC_CUDA_DRIVER=${DRIVER} ${command})
endif()
execute_process(COMMAND ${command}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "stdout:\n${out}")
message(STATUS "stderr:\n${err}")

if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the smoke test exited with ${rc}")
endif()

if(out MATCHES "cuda: unavailable: ([^\n]*)\n")
  set(reason "${CMAKE_MATCH_1}")
  if(NOT err STREQUAL "${reason}\n")
    message(FATAL_ERROR
      "expected exactly one stderr line '${reason}', got:\n${err}")
  endif()
  string(FIND "${reason}" "ferric cuda runtime: " at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "the reason lacks the runtime's prefix: ${reason}")
  endif()
  if(DRIVER)
    string(FIND "${reason}" "ferric cuda runtime: no CUDA driver found (${DRIVER}: " at)
    if(NOT at EQUAL 0)
      message(FATAL_ERROR "unexpected reason for a missing driver: ${reason}")
    endif()
  endif()
elseif(DRIVER)
  message(FATAL_ERROR "FERRIC_CUDA_DRIVER=${DRIVER} did not disable CUDA")
elseif(NOT err STREQUAL "")
  message(FATAL_ERROR "CUDA is available but stderr is not empty:\n${err}")
endif()
