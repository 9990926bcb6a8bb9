import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Copies a jar with every class file older than Java 8's format rewritten to it, stack map frames
 * computed. Class-data sharing on Java 17 cannot archive classes of format 49 (Java 5) or older,
 * so a library shipped that way (picocli) is read and verified from its jar on every start
 * however the archive was trained. Behaviour is unchanged: only the version number and the frames
 * a verifier of format 50+ needs are written; the instructions are ASM's faithful copy.
 *
 * <p>Run by the distribution build as a single-file program: {@code java -cp ASM_JAR
 * UpgradeClassFiles.java IN.jar OUT.jar}.
 */
public final class UpgradeClassFiles {

  private static final int TARGET = Opcodes.V1_8;

  private UpgradeClassFiles() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: UpgradeClassFiles IN.jar OUT.jar");
      System.exit(2);
    }
    Path in = Path.of(args[0]);
    Path out = Path.of(args[1]);
    Files.createDirectories(out.toAbsolutePath().getParent());
    int upgraded = 0;
    try (JarFile jar = new JarFile(in.toFile(), false);
        URLClassLoader classes =
            new URLClassLoader(
                new URL[] {in.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        OutputStream file = Files.newOutputStream(out);
        JarOutputStream copy = new JarOutputStream(file)) {
      for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
        JarEntry entry = entries.nextElement();
        byte[] bytes;
        try (InputStream data = jar.getInputStream(entry)) {
          bytes = data.readAllBytes();
        }
        if (entry.getName().endsWith(".class") && majorVersion(bytes) < TARGET) {
          bytes = upgrade(bytes, classes);
          upgraded++;
        }
        JarEntry written = new JarEntry(entry.getName());
        written.setTime(entry.getTime()); // the same bytes from the same input, build after build
        copy.putNextEntry(written);
        copy.write(bytes);
        copy.closeEntry();
      }
    }
    System.out.println(upgraded + " class files of " + in.getFileName() + " now Java 8's format");
  }

  private static int majorVersion(byte[] classFile) {
    return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
  }

  private static byte[] upgrade(byte[] classFile, ClassLoader classes) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer =
        new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
          // Frames merge types by their common superclass, which needs the jar's own classes.
          @Override
          protected ClassLoader getClassLoader() {
            return classes;
          }
        };
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public void visit(
              int version,
              int access,
              String name,
              String signature,
              String superName,
              String[] interfaces) {
            super.visit(TARGET, access, name, signature, superName, interfaces);
          }
        },
        ClassReader.SKIP_FRAMES);
    return writer.toByteArray();
  }
}
