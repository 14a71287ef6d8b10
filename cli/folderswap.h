/* folderswap.h - a folder of outputs written as a whole: built next to its
 * place and swapped in, so a failure leaves the old one as it was and a
 * refresh keeps every file of the user's in it. */
#ifndef EB_FOLDERSWAP_H
#define EB_FOLDERSWAP_H

/* Creates the folder to build DIR in, next to it (one file system, so the
 * swap is a rename), with the mode the umask gives a new folder. Returns
 * its path (the caller frees it), or NULL after saying why. Its journal,
 * .encbench-swap, names what of the user's is moved into it during the
 * swap; everything else in it is encbench's. */
char *eb_folder_begin(const char *dir);
/* Swaps the built folder tmp in for DIR. Only the files of an old DIR
 * that its manifest (a file in it, one path a line) lists are encbench's:
 * they are replaced or removed. Every other file and folder of the old
 * DIR is the user's and moves into the new one where it was. A file of
 * the user's where tmp has one, or a listed file that was read as an
 * input, refuses the swap before anything moves (EB_EXIT_USAGE). Returns
 * 0, or the exit code after saying why; tmp is gone either way (it is
 * kept only when files of the user's moved into it could not be put back,
 * and the message says so). Swaps beside one folder take turns (a lock
 * on the folder DIR is in), and each first recovers what killed ones
 * left: the user's files a built folder's journal lists go back into
 * DIR (or the built folder into DIR's place, killed between the swap's
 * renames), and a folder of a killed run goes only when it holds nothing
 * but files of encbench's, saying so in a note. */
int eb_folder_commit(const char *tmp, const char *dir, const char *manifest);
/* Removes a folder this process built (no links are followed). */
void eb_folder_abort(const char *tmp);
/* Until eb_folder_unguard of the same path, a signal that ends the
 * process (Ctrl-C, SIGTERM, a hang-up, ...) first removes the folder at
 * path, which must hold nothing of the user's; eb_folder_begin guards what
 * it makes, and eb_folder_commit and eb_folder_abort end that. */
void eb_folder_guard(const char *path);
void eb_folder_unguard(const char *path);
/* A process drawing charts into the guarded folder (drawing 1), or one
 * reaped (0): a signal ends the drawers before the folder is removed. */
void eb_folder_guard_drawer(pid_t pid, int drawing);

#endif
