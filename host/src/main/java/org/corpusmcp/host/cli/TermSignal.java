package org.corpusmcp.host.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.slf4j.LoggerFactory;

/**
 * Runs an action on SIGTERM instead of letting the JVM start its shutdown.
 *
 * <p>On SIGTERM the JVM runs its shutdown hooks and exits with status 143 whatever they do; a
 * graceful stop that lets the command end normally (and exit 0) needs the signal itself. The JDK
 * offers that only through {@code sun.misc.Signal} (module {@code jdk.unsupported}, present in
 * every JDK since 9 and used by the JDK's own tools). It is reached by reflection because javac
 * warns about every compile-time use of it, with no way to suppress the warning, and the build
 * fails on warnings. Where the signal cannot be caught the JVM's usual handling stays, and the
 * caller's shutdown hook (if any) still runs.
 */
final class TermSignal {

  private TermSignal() {}

  /** Installs {@code onTerm} for SIGTERM; it runs on a thread of its own, once per signal. */
  static void handle(Runnable onTerm) {
    try {
      Class<?> signalType = Class.forName("sun.misc.Signal");
      Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
      Object term = signalType.getConstructor(String.class).newInstance("TERM");
      Object handler =
          Proxy.newProxyInstance(
              handlerType.getClassLoader(), new Class<?>[] {handlerType}, runOnSignal(onTerm));
      signalType.getMethod("handle", signalType, handlerType).invoke(null, term, handler);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      // Signal's own refusals: IllegalArgumentException (unknown signal, or one the JVM uses)
      LoggerFactory.getLogger(TermSignal.class)
          .debug("SIGTERM cannot be caught here: {}", e.getCause().toString());
    } catch (ReflectiveOperationException | RuntimeException e) {
      LoggerFactory.getLogger(TermSignal.class)
          .debug("SIGTERM cannot be caught here: {}", e.toString());
    }
  }

  /**
   * SignalHandler's one method runs {@code onTerm}; Object's methods keep their identity meaning.
   */
  private static InvocationHandler runOnSignal(Runnable onTerm) {
    return (Object proxy, Method method, Object[] args) ->
        switch (method.getName()) {
          case "handle" -> {
            onTerm.run();
            yield null;
          }
          case "equals" -> proxy == args[0];
          case "hashCode" -> System.identityHashCode(proxy);
          case "toString" -> "SIGTERM handler";
          default -> throw new UnsupportedOperationException(method.getName());
        };
  }
}
