file(REMOVE_RECURSE
  "librmala_testutil.a"
)
