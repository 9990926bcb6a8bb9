@echo off
rem Runs corpus-mcp from this distribution on Windows, wherever it is called from.
rem JAVA_OPTS replaces the default JVM options; JAVA_HOME picks the Java to use.
setlocal
set "CORPUS_MCP_HOME=%~dp0.."
for %%I in ("%CORPUS_MCP_HOME%") do set "CORPUS_MCP_HOME=%%~fI"
if defined JAVA_HOME (set "JAVA=%JAVA_HOME%\bin\java.exe") else (set "JAVA=java")
rem SerialGC and a bounded heap keep a two-core, editor-spawned server small.
if not defined JAVA_OPTS set "JAVA_OPTS=-XX:+UseSerialGC -XX:NewRatio=1 -Xss1m -Xmx1g -XX:+ExitOnOutOfMemoryError"
if not defined CORPUS_MCP_LAUNCHER set "CORPUS_MCP_LAUNCHER=%CORPUS_MCP_HOME%\bin\corpus-mcp.cmd"
rem JVM diagnostics go to stderr: in stdio mode stdout carries JSON-RPC only.
"%JAVA%" %JAVA_OPTS% -Xlog:disable -Xlog:all=error:stderr ^
  "-Dcorpusmcp.home=%CORPUS_MCP_HOME%" ^
  "-Dcorpusmcp.launcher=%CORPUS_MCP_LAUNCHER%" ^
  -cp "%CORPUS_MCP_HOME%\lib\*" org.corpusmcp.host.Main %*
exit /b %ERRORLEVEL%
