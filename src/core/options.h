/*
 * Library options as one table. Each option is one row: its public
 * rma_option_t value, name, RMALA_* environment variable, range, default and
 * a doc string, and where its current value lives. Reading the environment,
 * the range rules, set and get are written once, over rows (core/options.c).
 *
 * A table is the rows of one owner with their values in one struct that its
 * readers see through the owner's accessor: the engine-wide rows are here
 * (rma_core_options), an operation's rows in its folder (ops/gemm/gemm_options.h,
 * ops/getrf/getrf_options.h). Core never names an operation's table: the ops
 * layer lists every table (ops/options.c) and implements rma_set_option,
 * rma_get_option and the environment read of rma_init over the list. A table
 * reads its environment variables at its first use (accessor, set or get),
 * so options work in a call made before any operation ran or rma_init.
 */
#ifndef RMA_CORE_OPTIONS_H
#define RMA_CORE_OPTIONS_H

/* How a row treats a value outside [min, max]. */
typedef enum {
  RMA_OPTION_SWITCH, /* on / off: any non-zero value is 1 (min 0, max 1) */
  RMA_OPTION_LEVEL,  /* clamped into [min, max], from the environment and from rma_set_option */
  RMA_OPTION_RANGE   /* clamped from the environment; rma_set_option refuses it (-2) */
} rma_option_kind_t;

/* The id of a row without an rma_option_t value: set by its environment variable only. */
#define RMA_OPTION_ENV_ONLY (-1)

typedef struct {
  int id;           /* rma_option_t value, or RMA_OPTION_ENV_ONLY */
  const char *name; /* short name, in messages */
  const char *env;  /* RMALA_* environment variable */
  rma_option_kind_t kind;
  int min, max, def; /* range and default */
  int *value;        /* the current value: a field of the owner's options struct */
  const char *doc;   /* what the option does */
} rma_option_row_t;

typedef struct {
  const char *owner; /* "core" or the operation's folder name */
  const rma_option_row_t *rows;
  int nrows;                 /* at most 64 */
  int loaded;                /* the environment has been read */
  unsigned long long warned; /* bit r: row r's illegal environment value was reported */
} rma_option_table_t;

/* A table over a static array of rows (in the owner's file). */
#define RMA_OPTION_TABLE(owner, rows)                                                              \
  { (owner), (rows), (int)(sizeof(rows) / sizeof((rows)[0])), 0, 0 }

/*
 * Local. Every row of t to its default, then its environment variable
 * applied: unset or empty keeps the default; an integer is clamped (SWITCH:
 * non-zero is 1; LEVEL and RANGE: into [min, max]); anything else keeps the
 * default, with one message on stderr per row and process (from rank 0 of
 * MPI_COMM_WORLD alone while MPI is running).
 */
void rma_option_table_load(rma_option_table_t *t);

/* Local. rma_option_table_load(t) unless t has read the environment already. */
void rma_option_table_ready(rma_option_table_t *t);

/*
 * Local. Set / read the option whose id is id (an rma_option_t value) in the
 * first of the ntables tables holding it; the table reads its environment
 * first, so it cannot undo the setting later. Returns 0, -1 when no row has
 * that id, -2 when set's value is out of a RANGE row's range or get's value
 * is NULL. SWITCH rows store value != 0, LEVEL rows the value clamped.
 */
int rma_option_set(rma_option_table_t *const *tables, int ntables, int id, int value);
int rma_option_get(rma_option_table_t *const *tables, int ntables, int id, int *value);

/* The engine-wide options (rows in core/options.c). */
typedef struct {
  int verbose;    /* diagnostics on stderr: 1 phase totals, 2 also per-step timelines */
  int shared;     /* node neighbours' data read and written in place through shared memory */
  int store_keep; /* tile store and mailbox kept between calls */
  int store_mb;   /* MB per rank rma_init pre-creates for each store segment (0: none) */
  int part_kb;    /* KiB per part of a block a pipeline line forwards in parts (pipeline/tree.h) */
} rma_core_options_t;

extern rma_option_table_t rma_core_option_table;

/* Local. The engine-wide options, the environment read at the first call. */
const rma_core_options_t *rma_core_options(void);

#endif
