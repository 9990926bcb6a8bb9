#!/usr/bin/python3
"""libzim_reads.py ZIM | --batch DIR - what libzim (python3-libzim) reads from a possibly damaged archive.

The reference answers of the damaged-archive tests. Unlike the shared zim_oracle.py, which stops
at the first failure, this reads every entry on its own and reports, per entry, either what libzim
read or the error it raised, so a test can tell libzim's sound entries from its damaged ones:

  {"opened": false, "error": "..."}                                    libzim refuses the file
  {"opened": true, "all_entry_count": N, "check": bool,
   "entries": [{"index", "ok": true, "path", "title", "redirect", "mimetype", "size", "sha256"}
               | {"index", "ok": false, "error"}],
   "by_path":  {path: index | null | {"error"}},   get_entry_by_path for every path read above
   "by_title": {title: index | null | {"error"}}}  get_entry_by_title for every title read above

libzim reports an assertion failure as a RuntimeError on the call. With --batch every *.zim of DIR
is read in a child process of its own (a damaged copy may still crash or hang libzim: that copy
is then {"opened": false, "crashed": true}), one JSON object per line with its "file" name.
"""
import hashlib
import json
import sys

from libzim.reader import Archive


def lookup(get, key):
    try:
        return get(key)._index
    except KeyError:
        return None
    except Exception as e:  # noqa: BLE001 - libzim raises RuntimeError for damage
        return {'error': str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__}


def attempt(get):
    try:
        return get()
    except Exception as e:  # noqa: BLE001
        return {'error': str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__}


def main(path):
    try:
        a = Archive(path)
    except Exception as e:  # noqa: BLE001
        return dict(opened=False, error=str(e).strip())
    rows, paths, titles = [], [], []
    for i in range(a.all_entry_count):
        try:
            e = a._get_entry_by_id(i)
            r = dict(index=i, ok=True, path=e.path, title=e.title, redirect=e.is_redirect)
            if e.is_redirect:
                r['redirectTarget'] = e.get_redirect_entry()._index
            else:
                it = e.get_item()
                content = bytes(it.content)
                r.update(mimetype=it.mimetype, size=it.size,
                         sha256=hashlib.sha256(content).hexdigest())
            paths.append(e.path)
            titles.append(e.title)
        except Exception as x:  # noqa: BLE001
            msg = str(x).strip()
            r = dict(index=i, ok=False, error=msg.splitlines()[0] if msg else type(x).__name__)
        rows.append(r)
    try:
        check = bool(a.check())
    except Exception:  # noqa: BLE001
        check = False
    return dict(opened=True, all_entry_count=a.all_entry_count, check=check, entries=rows,
                article_count=attempt(lambda: a.article_count),
                media_count=attempt(lambda: a.media_count),
                by_path={p: lookup(a.get_entry_by_path, p) for p in paths},
                by_title={t: lookup(a.get_entry_by_title, t) for t in titles})


def batch(directory):
    import os
    import signal
    for name in sorted(n for n in os.listdir(directory) if n.endswith('.zim')):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            signal.alarm(20)
            try:
                out = json.dumps(main(os.path.join(directory, name)), ensure_ascii=False)
            except BaseException as e:  # noqa: BLE001
                out = json.dumps(dict(opened=False, crashed=True, error=repr(e)))
            with os.fdopen(w, 'w') as f:
                f.write(out)
            os._exit(0)
        os.close(w)
        with os.fdopen(r) as f:
            text = f.read()
        _, status = os.waitpid(pid, 0)
        try:
            result = json.loads(text) if text and status == 0 else None
        except ValueError:
            result = None
        if result is None:
            result = dict(opened=False, crashed=True, error='libzim child ended with status %d' % status)
        result['file'] = name
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    if sys.argv[1] == '--batch':
        batch(sys.argv[2])
    else:
        json.dump(main(sys.argv[1]), sys.stdout, ensure_ascii=False)
        sys.stdout.write('\n')
