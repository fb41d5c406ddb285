/** A centred full-window frame for the status pages. */
import styled from 'styled-components'

/** Centres its content in the window on the page background. */
export const FullPage = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.pageBg};
`
