file(REMOVE_RECURSE
  "librmala.a"
)
