#===- check-docs-in-sync.cmake - Committed docs == generated docs --------===#
#
# cmake -DGENERATED=<build>/docs/FerricDialect -DCOMMITTED=<src>/docs/FerricDialect
#       -P check-docs-in-sync.cmake
# Fails, naming each stale, missing or extra file, when the committed
# markdown is not what mlir-tblgen generates from the .td files.
#
#===----------------------------------------------------------------------===#

cmake_minimum_required(VERSION 3.20)

file(GLOB generated RELATIVE ${GENERATED} ${GENERATED}/*.md)
file(GLOB committed RELATIVE ${COMMITTED} ${COMMITTED}/*.md)
if(NOT generated)
  message(FATAL_ERROR "no generated docs in ${GENERATED}: build the "
                      "ferric-doc-generate target first")
endif()
set(problems "")
foreach(f IN LISTS generated)
  if(NOT EXISTS ${COMMITTED}/${f})
    list(APPEND problems "${f}: not committed")
  else()
    file(READ ${GENERATED}/${f} want)
    file(READ ${COMMITTED}/${f} have)
    if(NOT want STREQUAL have)
      list(APPEND problems "${f}: differs from what the .td files generate")
    endif()
  endif()
endforeach()
foreach(f IN LISTS committed)
  if(NOT f IN_LIST generated)
    list(APPEND problems "${f}: no .td file generates it")
  endif()
endforeach()
if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "docs/FerricDialect is stale:\n  ${text}\n"
                      "Run scripts/gen-docs.sh and commit docs/FerricDialect.")
endif()
message(STATUS "docs/FerricDialect matches the .td files")
