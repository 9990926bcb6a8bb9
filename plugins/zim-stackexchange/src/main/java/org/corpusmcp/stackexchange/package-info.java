/**
 * The {@code stackexchange} corpus adapter: sotoki archives (Stack Overflow and every Stack
 * Exchange site), both sotoki markup generations (2.x {@code grid}, 3.x {@code d-flex}). A question
 * page becomes a thread of synthetic sections ({@code question}, {@code accepted-answer}, {@code
 * answer-<id>}) rendered by plugin-api's shared renderer.
 */
@NullMarked
package org.corpusmcp.stackexchange;

import org.jspecify.annotations.NullMarked;
