package org.corpusmcp.zim.format;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * The bytes an object graph holds on a 64-bit HotSpot heap with compressed references (12-byte
 * object headers, 16-byte array headers, 4-byte references, sizes rounded up to 8), counted by
 * walking its fields. An independent measure for the caches' weights, which are estimates the code
 * under test makes; instances reachable through the {@code shared} objects (the archive, which
 * every cluster of it points to) are not counted. A JDK collection, closed to reflection, is
 * counted as its elements and an array of references.
 */
final class RetainedSize {

  private RetainedSize() {}

  static long of(Object root, Object... shared) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Collections.addAll(seen, shared);
    ArrayDeque<Object> todo = new ArrayDeque<>();
    todo.push(root);
    long total = 0;
    while (!todo.isEmpty()) {
      Object o = todo.pop();
      if (!seen.add(o)) {
        continue;
      }
      Class<?> c = o.getClass();
      if (c.isArray()) {
        int n = Array.getLength(o);
        Class<?> e = c.getComponentType();
        total += align(16 + (long) n * width(e));
        if (!e.isPrimitive()) {
          for (int i = 0; i < n; i++) {
            Object v = Array.get(o, i);
            if (v != null) {
              todo.push(v);
            }
          }
        }
        continue;
      }
      if (o instanceof java.util.Collection<?> items && c.getName().startsWith("java.")) {
        // The JDK's collections are closed to reflection: their elements, and an array's worth
        // of references for the collection itself.
        total += align(16 + 4L * items.size()) + 16;
        items.forEach(todo::push);
        continue;
      }
      long size = 12;
      for (Class<?> k = c; k != null; k = k.getSuperclass()) {
        for (Field f : k.getDeclaredFields()) {
          if (Modifier.isStatic(f.getModifiers())) {
            continue;
          }
          size += width(f.getType());
          if (!f.getType().isPrimitive()) {
            f.setAccessible(true);
            try {
              Object v = f.get(o);
              if (v != null) {
                todo.push(v);
              }
            } catch (IllegalAccessException ex) {
              throw new AssertionError(ex);
            }
          }
        }
      }
      total += align(size);
    }
    return total;
  }

  private static long align(long bytes) {
    return (bytes + 7) & ~7L;
  }

  private static int width(Class<?> t) {
    if (t == long.class || t == double.class) {
      return 8;
    }
    if (t == int.class || t == float.class) {
      return 4;
    }
    if (t == short.class || t == char.class) {
      return 2;
    }
    if (t == byte.class || t == boolean.class) {
      return 1;
    }
    return 4;
  }
}
