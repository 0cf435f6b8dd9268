# Runs an MPI program with libcollsel.so preloaded and checks the JSON-lines log it writes at
# MPI_Finalize. Needs nothing but CMake (no Python on CI). Invoked as
#   cmake -DMPIEXEC=... -DNP=... -DPROGRAM=... [-DARGS="a;b"] -DPRELOAD=libcollsel.so
#         -DLOG=path [-DENV="K=V;K2=V2"] -DEXPECT="op=algorithm;op=*" -P run_with_log.cmake
# EXPECT: every entry "op=algorithm" needs a log line with that op and algorithm and calls > 0;
# "op=*" needs a line of that op with calls > 0, whatever the algorithm.
foreach(v MPIEXEC NP PROGRAM PRELOAD LOG EXPECT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_with_log.cmake: -D${v}=... missing")
  endif()
endforeach()
if(NOT DEFINED NPFLAG)
  set(NPFLAG -n)
endif()
file(REMOVE ${LOG})
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env LD_PRELOAD=${PRELOAD} COLLSEL_LOG=${LOG} ${ENV}
          ${MPIEXEC} ${NPFLAG} ${NP} ${PROGRAM} ${ARGS}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "program failed (exit ${rc}): ${PROGRAM}")
endif()
if(NOT EXISTS ${LOG})
  message(FATAL_ERROR "no log written at ${LOG} (is the shim preloaded and COLLSEL_LOG honoured?)")
endif()
file(STRINGS ${LOG} lines)
list(LENGTH lines nlines)
message(STATUS "log ${LOG}: ${nlines} lines")
set(seen "")
foreach(line IN LISTS lines)
  string(REGEX MATCH "\"op\"[ \t]*:[ \t]*\"([a-z]+)\"" m "${line}")
  set(op "${CMAKE_MATCH_1}")
  string(REGEX MATCH "\"algorithm\"[ \t]*:[ \t]*\"([A-Za-z0-9_.-]+)\"" m "${line}")
  set(alg "${CMAKE_MATCH_1}")
  string(REGEX MATCH "\"calls\"[ \t]*:[ \t]*([0-9]+)" m "${line}")
  set(calls "${CMAKE_MATCH_1}")
  if(op STREQUAL "" OR alg STREQUAL "" OR calls STREQUAL "")
    continue()  # per-call trace lines or other records
  endif()
  message(STATUS "  ${op} ${alg} calls=${calls}")
  if(calls GREATER 0)
    list(APPEND seen "${op}=${alg}" "${op}=*")
  endif()
endforeach()
set(missing "")
foreach(e IN LISTS EXPECT)
  if(NOT e IN_LIST seen)
    list(APPEND missing "${e}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "log ${LOG} lacks lines with calls > 0 for: ${missing}")
endif()
message(STATUS "log shows: ${EXPECT}")
