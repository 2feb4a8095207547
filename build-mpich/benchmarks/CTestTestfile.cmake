# CMake generated Testfile for 
# Source directory: /work/main/benchmarks
# Build directory: /work/main/build-mpich/benchmarks
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test(bench_quick_np1 "/usr/bin/mpiexec.mpich" "-n" "1" "/work/main/build-mpich/benchmarks/rmala-bench" "--quick" "--overwrite" "--csv" "/work/main/build-mpich/benchmarks/quick_np1.csv" "--json" "/work/main/build-mpich/benchmarks/quick_np1.jsonl")
set_tests_properties(bench_quick_np1 PROPERTIES  ENVIRONMENT "OPENBLAS_NUM_THREADS=1" LABELS "mpi;" PROCESSORS "1" TIMEOUT "300" _BACKTRACE_TRIPLES "/work/main/CMakeLists.txt;268;add_test;/work/main/benchmarks/CMakeLists.txt;71;rmala_add_mpi_test;/work/main/benchmarks/CMakeLists.txt;0;")
add_test(bench_quick_csv_np1 "sh" "/work/main/benchmarks/check_csv.sh" "/work/main/build-mpich/benchmarks/quick_np1.csv" "1")
set_tests_properties(bench_quick_csv_np1 PROPERTIES  DEPENDS "bench_quick_np1" _BACKTRACE_TRIPLES "/work/main/benchmarks/CMakeLists.txt;75;add_test;/work/main/benchmarks/CMakeLists.txt;0;")
add_test(bench_quick_np2 "/usr/bin/mpiexec.mpich" "-n" "2" "/work/main/build-mpich/benchmarks/rmala-bench" "--quick" "--overwrite" "--csv" "/work/main/build-mpich/benchmarks/quick_np2.csv" "--json" "/work/main/build-mpich/benchmarks/quick_np2.jsonl")
set_tests_properties(bench_quick_np2 PROPERTIES  ENVIRONMENT "OPENBLAS_NUM_THREADS=1" LABELS "mpi;" PROCESSORS "2" TIMEOUT "300" _BACKTRACE_TRIPLES "/work/main/CMakeLists.txt;268;add_test;/work/main/benchmarks/CMakeLists.txt;71;rmala_add_mpi_test;/work/main/benchmarks/CMakeLists.txt;0;")
add_test(bench_quick_csv_np2 "sh" "/work/main/benchmarks/check_csv.sh" "/work/main/build-mpich/benchmarks/quick_np2.csv" "2")
set_tests_properties(bench_quick_csv_np2 PROPERTIES  DEPENDS "bench_quick_np2" _BACKTRACE_TRIPLES "/work/main/benchmarks/CMakeLists.txt;75;add_test;/work/main/benchmarks/CMakeLists.txt;0;")
add_test(bench_quick_np4 "/usr/bin/mpiexec.mpich" "-n" "4" "/work/main/build-mpich/benchmarks/rmala-bench" "--quick" "--overwrite" "--csv" "/work/main/build-mpich/benchmarks/quick_np4.csv" "--json" "/work/main/build-mpich/benchmarks/quick_np4.jsonl")
set_tests_properties(bench_quick_np4 PROPERTIES  ENVIRONMENT "OPENBLAS_NUM_THREADS=1" LABELS "mpi;" PROCESSORS "4" TIMEOUT "300" _BACKTRACE_TRIPLES "/work/main/CMakeLists.txt;268;add_test;/work/main/benchmarks/CMakeLists.txt;71;rmala_add_mpi_test;/work/main/benchmarks/CMakeLists.txt;0;")
add_test(bench_quick_csv_np4 "sh" "/work/main/benchmarks/check_csv.sh" "/work/main/build-mpich/benchmarks/quick_np4.csv" "4")
set_tests_properties(bench_quick_csv_np4 PROPERTIES  DEPENDS "bench_quick_np4" _BACKTRACE_TRIPLES "/work/main/benchmarks/CMakeLists.txt;75;add_test;/work/main/benchmarks/CMakeLists.txt;0;")
